#composite_of_12288b = #util.composite<12288xi8, [
    dense<"0xE25877BF98DD133E0F9CB3BEF08549BDEC2F3BBE96B28C3D39D6A5BEA4DF9E3EA323393DF1F4CA3D27C276BF7368F13EA08970BFE3369ABD5F294B3BD5E75ABF5EBA69BF58CA323E560E2DBE287ECC3E2B18953C857C10BEF46C563F07F0663F2A3A023FC9764EBFDD24E6BEF2D23DBF0C025B3FF085493F567DCE3E8C4A6ABF27A009BC33C4D13E2653A53E1F85EBBD7D3F75BEDC46833D917E7B3FAF2564BEAF94153FBD5296BE2B87B6BE986E123FE9482E3F2731583F8A1F73BF32E62E3E1EA708BF091BDE3E43AD19BFB003273E36CD5B3F9CA2C33EF46CB63E197307BFB22EAEBEBADAEA3E508D173E348037BB4F1E063FCEAA3FBF840D1F3FAE47313F5249FDBED49A66BE363C1D3F789C62BFEBE2363E69002F3F5F077EBF7424173D11361C3FC520303F75024A3F0B4625BF77BE7FBF7A36EBBEEB7365BF68913D3FADFA9CBE6A4D633FA1F8213FE7FB293D355E6ABF89D27EBFFD8754BFE7FB893ECB10373F006F41BF948705BDBDE3543F1AC05B3E6E34403E79E9263FB6F37DBCA77927BF492E3FBE827366BF3FC65CBE4DF34E3FB459753F10E947BF29ED0DBFEA95723FF6287C3FB1E189BE23DB993E85EB513E63EE2ABF2D211FBE26E473BF9FAB1D3F061224BF80489F3E31996A3F643BDF3E5AF5D93ED95FD6BE6EA3E1BED3DE20BE9E5E39BF6132953EB37BB2BE151D393FD3DE60BD7C6102BF3480373A098AFFBE8E0660BF3F35BEBE355E2A3FB9FC27BF736891BD5E4B483E6ADE213F5F293BBFF38E533F96438BBC6FF0A5BE4772493F3480B7BEDCD701BFBEC1F73EFE43DABE4FAF14BE2F6E833EB45945BFD26F6FBFFE65D73E42CF46BFA8355D3FFAED7BBF431C7B3FC7BA683FB7627FBFC4425DBF45D8703D014D34BFF6285CBF849E5D3F31992A3F71AC8B3D3255603F7DD0533F7A364B3FA8353D3FE17A143E8126023EB003E7BED509383FBA49ACBE31996ABF7424D7BEB22E6E3FDDB5C43E787AE5BEE17A74BFBEC1373FDB8A2D3F1F858BBEA1D674BE6210783FD7346F3DCE19D13D423E58BFCEAA4F3E8D972EBFB29D8FBE431C3B3F29EDADBEBE30193D668803BFD93D193F1D3837BF5F981C3FBADACABE832F1C3F01DE52BF5AF599BE006F013ED1916C3FA779373F925CFE3D448B6CBE24971FBFB537483F3BDF0FBE8C4A0ABF5BD3BC3E9C3352BFA8571A3FCA54E13E20D21F3F6688733F2CD49ABDB9FC67BF71AC6BBFD95F763F0C93A9BC917EFBBE90A0B83E31088CBE1F852BBF4E62403F39D685BE4A7BC33E96217EBF3F579B3E27A0593FB840E23E4625F53EF4FD543F54E365BFF08579BFE483BEBE7AA51C3FC3F5683E091BFE3E250641BF6DC52E3FE3C7383FED0D3EBC9C33E23E705F17BFAED87FBFC5FE323DCF66F53E39D605BFE56121BDBB278F3D5F293BBFB9FC37BF674449BF8885BA3E60E5703F022B87BD789C52BF2AA913BF6076CF3ECB10C7BDC3F5683ECE8812BE9E5E893E04E70C3FD50948BF0612943E787AA5BC591717BFD044283F696F20BFBF7D2D3F8BFD15BFF90FE93E55C108BFF46C563F36CDFB3E9C3322BD70CE183F52491DBE68916DBEC520D0BEA8352DBF8FE452BF1748603F287E4C3E2FDD643F4DF3CE3EAC8B7BBF645D2C3F8351A93E4013213FCD3BCE3EAC8B1BBE8273263F6DE73B3F098A1F3E13F281BE2A3A42BFB684BCBE1C7C41BFF1F40ABE4BEA24BFD0B3F93ED7345F3F6DC51E3FCB10073FBC7413BF2D219FBD0D711CBFD7346FBCF2411FBF69002F3F80B7C0BDA3929ABE26E4033F72F97FBF8A8E843E107A06BFE8D92C3FAED87F3FD6563CBF0E4F2FBD705F673FD3BC23BE228E25BF05C54F3FC5FE72BF2428DE3E9FAB2D3E226C783EB1BF3C3F075F683FE6AE35BFA089303D8E75F1BE6744793F234A0B3F42CFA6BEE258173E0EBE703FFBCB3E3F1748B03E68226C3E38F8C23C08AC1C3F615402BFC139233E9BE69DBEC3D33B3F60E500BF0B24283F933AC13E211F343F158C1ABFFE439ABEEC5118BFF931563F48E1FA3DB53778BE234ABBBE5D6D35BF8B6C47BFFDF625BFDE710A3DE926513FA32369BFD26F1F3E17B711BE9A99993DBF0E6C3FC0EC1E3FB684FCBE7FD94D3FD0B3193E5B424EBF5E4BC83D65AA20BF63EE1A3F819503BF93A9523F567DEE3EC28637BFAA82113E21B0323F0A68E23E3411B63E29CB903E6B2B96BE2C65F93E2C65F93E2D432C3F4260A5BE3D0A473F1361433F68B36A3DD509883ED50938BF1E16AABE9BE61DBE9031773E71AC1B3FEE5A423FB9FC47BF0BB556BF3F357EBF645DDCBD6B2BD63EF2D24D3EE4834E3FB53778BD52495D3F1B2FFDBE5305033F1C7CE13D1D3877BF8FC2753FAAF1023FD7348FBEADFA3C3F1A51FABEF7066FBF93A9723F08AC2C3F5839343C302A49BF82E247BE401331BF6519223E85EBD1BEE17A74BF492E9FBE3F355E3EEC2FBB3D86C9B43ECAC3E23ED34D02BFFDF6353E3255703FFE65773EC7BA48BF3D9BD5BDFD87043FACADD8BDB84002BE1C7C81BE9D1135BFD6C53D3F34A234BE9D80663E6B2B163FB537483FA8574A3D448B0CBFB1BFACBE355E7ABEB003E73E23DB693F73D792BD38F8023F88F4FB3E5917473FCD3B5EBF6DE73B3EDB8A5DBFF90F693D13F2213F13F2413EA08970BE1DC9253F2B18153E07CEB93E43AD69BF022BA7BE3D0A373F96213E3FFA7EAA3E8BFD15BFD044583CFDF6053FA3924ABF8FE4723D1DC9153F76719BBEF016183FAF25643D098A0F3F2506A13E386704BF211FD43ED42B45BF7B837F3F7FD9DDBE1283C0BD24B9FCBE32E63EBF3D9B05BFBA6B19BF992AB8BE41F143BF637FB9BEF2B020BFC1A8243F09F9803E07F016BFE561513F5A64BBBDAA60743F006F01BC492E0FBF204111BF3F575BBE"> : tensor<16x32xf32>,
    dense_resource<mlp_w2> : tensor<32x32xf32>,
    dense<"0xD88123BF89D25EBF4B59863C68B31ABF80B7A03EF7065FBEE25897BD75021ABFE71DE7BEC976BEBE4ED151BF7B830F3F5396E1BE05C58F3D903177BE8AB0E13E0F0B953E197367BF6900EF3DA167733ED1227BBF5C8F42BE65AA60BFD0B3593E57EC4F3F1C7C213E931874BFCCEE49BE696FD03E539621BFE9485E3FE71DE73E3B011DBF0EBE903E711BED3E1AC04BBFA54E70BFD26F7FBF9565483E86C914BF174810BF865A13BFE9B70F3FF4FDD43CE4832EBF211F14BFAA60B4BE4F1E963E8C4A1ABF575B91BE575B01BFF775503FC8073D3E3B700EBE2B1805BF1D5A243F41F1E33E66F744BF5C8F42BDD1916CBF5C8FA2BEAB3EB7BECF6655BE00913E3E1EA7183FF016C83D7DD0333DD88153BF82E2E7BEC8983B3F2497FF3C925C6EBFDC46A33E280F8B3E6C09293FB5A639BEAC1CDA3EE78C78BF151D59BFDD24E6BEABCF55BEFA7E1ABFB7626FBF77BE5F3F6ABC54BF17D95EBF5396713FA5BDC13DD3BC63BD93A9A23E705F873E2506113F99BB963D48E11A3F5EBA69BFCE88523DCF66253F9BE6BD3E30BB273E418222BE107A16BF8CB92BBF54E315BFB22EAE3EF6977D3F72F9AFBE022B873EB5151BBF52493D3FF163CC3DA835AD3E19E2B83EE9B7EFBE82E2E7BEB22EAE3EF697BDBEDAACDABEBBB8ED3E8A8E043FB30C313E986E123FEEEB60BFBD5296BD5F98EC3EA60A463EB1BFAC3EDE710A3FAE4701BF832F4CBE832F2CBFD200FEBE4469EFBD9E5E89BE4A0CE2BE0AD7633F1058D9BE14D044BE7E1D18BF13F2E13E0534613F9621CE3E7B14EEBE69006F3F014D043E711B2D3FBC74133D6B2BF6BDA60A063E3108ECBEF46C563EC520303F091B1E3FBADA4A3FDCD7C13EE10BD33E8E0620BF05C50FBDFE431A3FB7D1E03EAD695EBFF31F22BFCA54A1BE462575BF4FAF243F83C08ABE4A7B533F6C78FABDF54A99BEF1634CBF21B072BE19E208BFAB3E77BFC9E55FBF24289EBE7D3FB5BD3B70AEBE5B426EBF7B83AFBE40A45FBDDC46033ED3DE60BD4469CF3E6ADEB13EA4709DBE744624BFFDF605BFB6F37D3E228E753EA08960BF12A51D3FCC7F48BEB4C8563FDBF92EBFD50988BECE8852BEAE47C1BE151D493F10E937BEEFC963BFE258F73E865A533C4D841D3F4772393E68B35ABF52491DBC143F463FDC46633FE7FBA93D2EFFC1BE143F763F99BB963B9E5EA93ED6566C3D780B643E9CA203BF325560BF80480FBF006F71BF1D38273E5BB17FBE55C1183F89D25EBEF0A7A6BE9EEF873EE78CE8BE583974BEE6AEC5BE5839343F3B012DBF7B144E3FC8070D3F7F6ABC3C3F355E3FAC8BDBBCA69B443E325570BEE02D903A03090ABD0EBE70BEB81E55BF637F59BF061264BFFB5CCDBEEE7C3FBF5396E1BECC5D0B3E70CE08BEAED82F3FEA0434BE35EF683F006F01BCFC18333EB9FCA7BEE71D17BF257542BEA301FC3E448B7C3FFFB2FBBEF016483EA3927A3E22FD96BE68227CBF3EE8D9BE0F0B35BFA8570ABE903177BF85EB31BF948775BFF9A0C7BE7958883EA9A44EBE742427BF9565183F4E6290BE029A483F55C1C8BE925C4E3F516B0ABF9CC4803ECAC302BE1973F7BEF7E451BFC1A8243D302A293D158CCABD1B9E7E3F5D6DE53ED712F23E39B458BF3D2C543DE02D10BE6EA3E13E83C00ABE470358BFEF38C53DE78CE83E6D56FDBEA8C60BBE3B70CEBC80B7A0BE0612943D2B18B53E211F94BE645DDC3C17D95EBF068195BD107AB63E423E68BE643B2F3F04E70CBD5227003FD1914C3F711BEDBEEFC9433E6E34403F6688233FFE65773D2CD40A3F705F87BE44FAEDBDBC05523F780B243FBDE3F4BEB7D1203F1B2F2DBFDB8AFDBEAD695E3DB7D100BEDFE08B3E5B42BEBD1058593FA835CDBEB4C8063F5AF5093F2C65393FE3C738BFD1915CBF7A36AB3DFBCB6E3EB5A6593FADFADC3E5BD3DC3E05C50F3DB1E1E9BE22FD96BEF706DF3D50FCF8BE4772793DE8D90CBFDD24863E70CE483E80482FBF40A4DFBCFE439A3E1AC06BBF105809BF63EE5A3EA01A2FBF64CC3DBF4260653E986E723FF46C163FC7BA38BE0C021B3F24B91C3F9A9919BE8CDB38BF143F263FBA490CBECEAAEFBE3B704EBF3A232ABFC66DB43E3255F0BEC0EC0E3F77BEFF3E65AA403F92CBFF3DBF0E7CBF0C023B3F835129BF88850A3F26E483BDED0D0E3F5227A0BD61C353BE569F2B3F022B87BC3D9BD5BDEA0454BF8C4A1A3FF93166BF1283C0BE42CF463FEE7C9FBE9F3C4C3F355E3ABE569F8B3E674439BF5C8F32BF05A3123F933A61BF1DC9053FB98D463F363CDDBE73D7923E257582BD6ADE41BF39B4C83E55305ABF7593683F226C38BF9CC4A0BE151DC9BEA3920A3F3EE8693F674429BE07F0563E0C021BBF3A230A3FE63FC43E64CC0DBF9CA213BF70CEA83E713D7A3FD2005E3E0F0B15BFF77560BC76717B3FB9FC873C10E937BFF7065F3EADFA4C3F7593B8BE9790EF3EC5FE323FBC9690BD80482F3F304C06BF764F2E3FDC68503FA8572A3F55C1C83E2D433CBF8D972E3E19E258BE93A9823DAF25043F787AE5BE522770BF835119BF20632EBF0AD7733F5BB16F3F832F4CBE93A932BF9A08BB3E2EFF41BF17B7D1BE12A59DBE0AD7A3BD0AD7233DCDCC3CBF197357BD871639BF151D29BFC217263E4B59A63E24B91C3FA245B63E9CC4603EE926713E50FC78BFB6F31D3F4BC877BFE5D0523FE926B1BE1826333F1B2F3DBF401321BF499D00BD477279BF499D00BEC217463FCCEEC93E1F85CB3E0681953D857C503ED7346F3E0AD7533F477279BF4013613E01DE423EF931E63EE02DB0BE1D3807BF4772493F865A033FC3F5783F742437BFF54A293FE10B93BEC976BEBD5227E0BE30BB57BF9565383F674469BEC5FEB2BE3867C4BE1E162ABEBADAAA3EDD2426BF"> : tensor<32x16xf32>,
    dense<"0xFA7EEABDD95F363F6076CFBEDF4F7DBFC3D34B3F713D7A3F772D213E07F056BEFB3A403FA08950BF6EA3413F55C1283E96218EBDED9EBC3D3EE8293FA7E8183FEC2F3B3D257582BDDAAC7ABF355E7A3E863856BD204151BF3BDF4FBF5917973EC52010BF7E8C09BFABCF553DAA82513FC364AA3CDBF91E3F4DF3CEBE9F3C2CBE5A647B3E48E1BABE1214DFBE7C61B2BE4182823EAED8DF3D54E3A5BD4F1E06BFADFA2CBF8F5334BF2E9080BEA2B4473F7B14AE3E22FD463F1E16CA3E819503BE539671BF516B9ABED95FF6BE5AF5B9BEFDF695BECE8842BFA91340BF516B6ABFAA60343F16FB6B3FD578293FACAD18BFBC74533F865A133FAC8BDB3B744614BE5BD39C3E4F4023BFB07268BFC1CA01BF9FCDAA3D9D80A6BE448B7C3F1EA7183FFDF6D5BE8885DA3E128340BEE258573E7E8C39BF40A49FBECBA105BE6C09293F7446443F295C8F3CD7A3B0BEBDE3043F1B2F1D3F234AFBBE0E2D923E4547B2BE0612B43E1DC935BFAEB6123FCC5D6BBF33C451BFCE19D13EF31F52BD90A0B8BEDC6850BF1B9EFE3E17D96EBF158C5ABF97FF103EFF21FDBE30BB273E931804BFC0EC1E3E48E1DABEC4420D3F516BFABE1B9E9E3E7D3F253FBF0EFCBEDA1B3C3FE78C683F6ADE713FBA491C3F4FAF94BE5BD3DC3EF775003FCEAA4FBDA470BD3EC8986BBF0BB526BF14D034BFD50938BF42CF16BF9A082BBF94F6E63E9BE62DBF0F0B353D9C33A23E143F463E8FE4423FD49AE63D27A0E93EBA494CBEF46CF63E2D213F3FCAC3423FAAF1F23E5DDCC63EA2B4473FBA6BE93E20D2EF3DFDF6753E32771DBF469426BFE258673FC807BDBDFDF6953E04560EBFDDB5A4BE0BB556BF1B2F4D3F3A237ABFCF6615BE795878BF1A515A3F50FCF8BE3A924B3E1748B0BEAF2584BED9CE373FB00377BFBA497CBF7368913D598648BFA24506BFB9FCC73E35EF383E0D71ECBE1A510A3F5839743EC4427D3F371AE0BE88639D3EE86AEB3ED71272BD166A3DBF88F46B3F0AD7A3BDF38ED33ED7A3D03E287E8CBE93A9C2BE3E79683F36CD1B3F5917373F637F193F508D573F865AF3BEDA1B7C3E4D848D3EFD87443FEFC9C33C925CBEBE5DDC46BF637FF93EF7E481BEABCF15BFB537B83E006F013DD9CEF7BD7958E8BE462555BFAF2524BECEAA3FBFB150AB3E4F4023BFEC2F5BBF1CEB623DC28627BD3CBD52BF1973573E787A653EFB3A903ED8F014BF5452A73DFE6527BF39B4583F780B143FF628BC3EEEEB003FF1630C3E3F575B3EADFAFC3EC729BABD6DC55EBF04E78C3DC3F5583FD656ECBEF7E401BF17B7613F04E70CBC3A927B3F645DDCBC1895543E6519A23E1EA7E83B8638D6BD787A653F24973F3E7E8C793ED1914CBFBBB80D3FCA3204BFF7E4313FE25817BF1B2FDDBE27C2063D1AC05BBFCFF763BF431C6BBDA5BDE13E6076CFBE07CE093F394547BE4D84CDBEC898FB3EC3D32BBF840D4FBE76E01CBE93A9A23EC66DF4BEB98D06BF4DF32EBFC217163FDBF91E3F64CC9DBE2A3A92BDC3642ABC827366BF1B2FFDBE8104C5BD0AD7733F6154D2BE24285E3FE63F24BDA8C65BBF00910E3F8FC2653F226CD83E29CB40BF4E62903EB9FC173F2D217FBFFDF635BF728AEEBE0B24A83DD7A3603FBE9F5A3E5E4BA83E8BFD25BEF7E4313FA8574A3D5C2021BF8BFD45BF8863DDBE6DE79BBE98DD43BF6A4D433FE5D072BF89D2DE3AFFB2BBBE1B9E1EBEDAACBA3E8351193F158CAA3EA4DF2EBFE5D012BFD1225B3F462525BF522720BFFE432A3F325500BF36ABFEBE83C0AABEC139333FD2002E3F508D973CC4B1EEBE7E1DF83ED3BC43BFB003E73C3867C4BE1F856BBE6ABC743F857C40BFADFA6C3F917E3B3E8D97EE3EF31F123FF2D28D3E091B9E3EE926B1BE355E0A3F5227203D3480F73E89D25E3CEC2F9B3E903197BE560E2D3F1283403E97908F3D8273363F5305A3BCF6289CBE96B27CBFDC46033F499D203FB1BF6CBD5DFE833ED0D5563EC5FE723F6EA3C13EED0D3EBB7424973E5F29EBBE68B3AABEA245963E492E3F3F0000A0BE3B70CEBBE8D92C3F9643EBBEC520B0BE022BE73E894150BFA9A46E3F58CA22BF992A083FE86AEBBE956568BF08AC0C3F9D80163F55C128BF7DAE063FE9B71F3F696F903E2EFF71BFE0BE7EBF6EA3A1BE4B59563F57EC3FBF24282EBF"> : tensor<16x24xf32>,
    dense<"0x0534913D92CBDFBE20D26FBEEA95723F7424573E38F862BF86C9B43E470398BEA91310BE5D6D453E9D1125BFB07228BF006F81BE696F70BDAB3ED73E22FD563FAA60F43E4ED141BFD881733ED34D223F8273A63EE8D92CBFB6F37DBC986E32BFB1E1193F7C61523F5BD37CBECC5D4BBE865A233F83C0CA3DB1500BBF75021A3C5F07EEBE1D38673FBC9620BFE8D92C3E8A1F13BF02BC453E9E5EA9BECA32C43E956578BF5BD3BC3E72F91FBF613235BFA60AC63D4CA64ABEA08970BFC3D37BBF7DAE563F8351693FCB10373FE71D57BF9E5E69BF6EA331BF82E217BFA8351D3F211F74BF55C1583F098A2FBFB81E85BD8195633F88F43B3FEE5A023FB9FC47BEF08549BFD34D623E3F351EBF448B8CBE3480F7BEAF9465BEC807FD3E94F666BFB8AF83BEF8C2643E4DF3AEBE58A845BF0F0BF53EB1E1E93DED0D1E3F426035BF17B7113FEA9502BF8C4A5A3F9EEF173FBB277F3FA4DF1E3F637F79BF287E8CBD158C5A3F4D84EDBE014DE4BE88637D3F7D3F35BE4013213E14D064BFEEEBC0BDA4706D3F31995ABFFB5C8DBEF1F40A3FC66D743F10E927BFE9487EBFE926B1BDAC8B4BBFD1919CBE32E68E3E984C25BF97FF503FE4831E3FE926B13E226C683F72F92FBF9A99193D3FC6BC3E35EF58BF13F281BEBDE3D4BE65AA503FAF94C53E17D97E3FD42BC5BEADFA6CBF74B515BF9EEF47BF7DD0633FD8F0543F6ABCF4BEAA82D13E9A771CBFF931363F97FF90BED0B3693F96B20C3F1DC985BE006F71BFA779A7BEF775E03E2DB2DDBE3199CABE4B59463F48E11A3F5F072E3F39B408BEDE0289BECA5441BE9CC430BF71AC0BBFA77967BF0A68223E55C1683E014D843E7DAE16BF71AC5BBF5917F7BE39D6053E17D94E3F0E2D52BF32E6EEBE48E10A3FB6847C3E11C72A3F24B90C3FF241CF3DF4FDB4BEAA6054BEF0A7663F0EBE003F64CC4DBFE63F643E8126C2BD8A1F233F516BDA3E32774DBF1EA778BF3BDF3FBF39B4183F666626BE2D213F3FF7E4213EFAED0B3F1AC05BBE6A4DF33C569FCB3EB6F32DBFB4C8763F24285EBF9D1185BE812622BFEEEB003F0EBE30BE304CA63CA7E8C8BE6F1223BFCC7F68BF6C09993EAE47613D1FF42C3F7DAE36BD2731483FA52C433F1D5AA43EC05BC03E4A7BA3BE0C93293DD712F2BD3C4ED1BE228E353FCD3B0E3EF1F46ABFC976BEBD9CC480BE39B4A83E88635D3E4CA67A3F9CC460BF27C206BF8A1F33BFF6283C3F91ED4CBFB7D1803D462565BFE3C7B8BEF6283CBF8A1F63BFE17A543F6B2B96BEE0BE0E3F1C7C013F39D645BFF85373BF0681953EEF3835BF7DD0733E3A924B3FCCEEC9BEAF25E43EC6DC75BE5E4B283F51DABB3EA835ED3E1895B4BE5EBA29BF82E2A73E74B595BD48503CBFE9486EBE9D11453F2B18D53E992A68BFA913103EC0EC9EBCBA6B193F3C4E51BF73D7223F469456BFCA32743F8941203F083D5B3F9565083D86C954BE545287BEF853E3BD857C703FC0EC7EBF3EE8D9BC1C7C51BFA1F8713E9CC4E0BE1AC02BBF76719B3D2DB29DBEADFA6C3F4CA6EA3E92CBFF3D5C8F42BD7B142E3FAF94753FDE0209BFF775C03E48501CBF5A643B3E295CCF3EC6DC353CE17A643FED9EBCBEFBCB0EBF9FCD6ABEFE65673FFD87F43DED9E0CBFC4B12EBEB7620F3FB29DEF3E1D5A44BF3D9B153E8D287D3F0C02EB3ED656EC3D341126BFC7295ABFA7E8C83E5E4B18BF211FD43E4A0C82BD615472BF363CFD3E98DD43BFD04458BF5DFE43BEBC05423F77BE4FBF36CD7B3EB072A83E0AD733BF136123BF69004FBFB003273F371A403EBADA2A3FC976FEBECC5D0BBE1EA7683C08AC7CBFAD692EBF1748903E105839BFEE5A42BED04418BE6519A23EFFB29BBEF163CC3D1DC9E5BE197377BF16FB0BBF5C8FA23E4B59463F075F48BFBE9F5ABE4B5966BF499D30BF925C3EBF8104E5BE52499D3E6DE75BBF76E0FCBE1973573D569F2B3FF706BFBE711B0DBE83C00ABEB81E35BF36AB4E3F728A0E3E57ECCF3EC58F51BF5452C7BE8B6C273E52B83E3FA3014CBF764FFE3E68916DBFF5DB57BD34A264BF2B18353FF5B9DA3EAC8B2BBFCE88123FE4832E3FAA82B1BE1F857BBF2B18553EB840C23E62A1B63E666626BFE561313F5F98CCBE60E510BFE4831EBE234A4B3F76E05C3EA54E003E6ADE713E5BB17F3F"> : tensor<24x16xf32>,
    dense<"0xA4DF7EBF6F12833D516B6ABFFAEDEB3AA7E8A8BE6C785A3F92CB0F3F1904963E4BC867BFB003E73D1B9EDEBE42CF663E9D8086BEB072083F68B3EA3EBD5256BE6E3470BF053441BFD1911C3F44FA7DBF2041513F8BFD65BFE3366A3FDDB5C4BE80489F3E499D403FB537B8BE643B0F3F3333D33EA913603FAF94E5BE363C5D3F0C9369BEDC68A03E3B017D3F4625F5BE764F5EBFD26F9FBE567D5E3F5C20C1BE2B1815BC29EDED3E1B2FDD3D00913E3E4F1E36BF1FF44C3F5C20C13DB6846CBFA91360BF7AA5ECBEB6F37DBF1B9E0E3FAD69FEBE1CEB023F8B6CE73E8D97EEBDBF0E6CBF67D577BFBE3029BFC7297ABE0B4625BF6FF0C5BED3BC23BE5A647B3E4D150CBF7AC7E9BEC217A6BEF90F293EF085E93E2428FEBDA69BC43A865A233FF5DB47BFBE30793F6F81643F925C3EBF8941403F2731883E211F34BF8273463E44692F3FAC8BDB3D363C2D3FB072883E2CD41A3D0F0BD5BE1EA7E83CF5DBD7BEC6DC753EEA04443F083DBB3EBADA7ABF8AB0C13E6519E23B2506813DC9763E3D5F98CCBEA167333DFAEDAB3E431CEBBE3F351EBF9CA233BFAED87FBFF2B060BF759338BF302A09BFD3DE00BF448B5CBF88856A3F894120BEF31FD2BEF2B0103EBC0512BE34A234BFCAC3723FEBE2463F71AC6B3FCC5D0BBE516B7A3FD712223F91EDFCBDC1CA813EA08970BE86C934BFE3A59B3C539661BF17D98E3E60E5B03EE71DC73EB1503BBFECC0193F17B701BFDC4683BE2041613F302A293E4182623FB29D4F3FB98D463F5A647BBFBC96303F418262BEB7D1803D68914D3F0E4F3F3F8A8EE43D02BCE5BE88635DBE76E0DCBE2653A5BE3A923B3F65AA50BF9F3C7C3F67D5C73E4FAF143D5F07AE3E19E218BFAC1C7ABF832F3CBFE63FA4BE75029ABBFFB2FB3DE63F243F5B427EBE5A643BBE4CA64A3F0C93193F956538BF174800BF9C33A23C9CC4403F728A8E3EA8357DBF2B1815BE426025BE6C0919BF499DE0BE1748D03EF2D23DBF7D3F75BFB9FC67BFB84062BF9A99393F10E917BF46B6533FE3A59BBEF01628BFC13923BEEE5AE2BE5C2011BF9FAB8DBE03091ABF0534B1BE4C37A93E3411063F29ED6D3FE926313EF2D26D3F80B740BE21B012BF6D569DBE90A0F83EEA04943ED2005EBD3B017DBFA3012CBFC8989BBEEF3845BE82E257BF234A3BBEBDE394BD48BF5DBF3411F63E098A3F3F11C72A3F569FCBBEB6F3BDBE7FFB7ABE12A57DBFC52090BEFC18733E7D3FF53E0D712CBDE5F25F3F12A57D3FC9767EBE7F6AFCBE2F6EC3BE48E1FA3D38F8523FEE7C3F3EC9E52F3F77BE4FBF3B01CDBE787A653F2BF6D7BEF6287C3F11C73ABC8FC2953E65AA00BF4C37893D12141FBF1CEB02BF8E06703D5A644B3FE258473F6C0969BF74B565BF6B2B46BF86C994BE910F0ABF386724BF4772493FE25817BEEFC9C3BC0534013FA5BD413D"> : tensor<16x16xf32>,
]>
#executable_target_embedded_elf_x86_64 = #hal.executable.target<"llvm-cpu", "embedded-elf-x86_64", {cpu = "x86-64-v3", cpu_features = "+avx,+avx2,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave", data_layout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128", iree.encoding.resolver = #iree_cpu.cpu_encoding_resolver<>, max_stack_allocation_size = 32768 : i64, native_vector_size = 32 : i64, target_triple = "x86_64-unknown-unknown-eabi-elf"}>
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d1)>
#device_target_local = #hal.device.target<"local", [#executable_target_embedded_elf_x86_64]> : !hal.device
module attributes {stream.affinity.default = #hal.device.affinity<@__device_0>} {
  util.global private @__device_0 = #device_target_local
  util.global private @__constant_tensor_16x32xf32 : !stream.resource<constant>
  util.initializer {
    %c0 = arith.constant 0 : index
    %c0_i64 = arith.constant 0 : i64
    %0 = stream.timepoint.immediate => !stream.timepoint
    %buffer_cst = util.buffer.constant <alignment = 64> : !util.buffer = #composite_of_12288b
    %c12288 = arith.constant 12288 : index
    %did_map, %result = stream.resource.try_map on(#hal.device.affinity<@__device_0>) %buffer_cst[%c0] : !util.buffer -> i1, !stream.resource<constant>{%c12288}
    cf.cond_br %did_map, ^bb2(%0, %result : !stream.timepoint, !stream.resource<constant>), ^bb1
  ^bb1:  // pred: ^bb0
    %1 = stream.resource.alloc uninitialized on(#hal.device.affinity<@__device_0>) : !stream.resource<constant>{%c12288}
    %file = stream.file.constant on(#hal.device.affinity<@__device_0>) %buffer_cst[%c0 for %c12288] : !util.buffer{%c12288} -> !stream.file
    %2 = stream.file.read on(#hal.device.affinity<@__device_0>) await(%0) => %file[%c0_i64], %1[%c0], %c12288 : !stream.file -> !stream.resource<constant>{%c12288} => !stream.timepoint
    cf.br ^bb2(%2, %1 : !stream.timepoint, !stream.resource<constant>)
  ^bb2(%3: !stream.timepoint, %4: !stream.resource<constant>):  // 2 preds: ^bb0, ^bb1
    %5 = stream.timepoint.await sync %3 => %4 : !stream.resource<constant>{%c12288}
    util.global.store %5, @__constant_tensor_16x32xf32 : !stream.resource<constant>
    util.return
  }
  stream.executable private @predict_dispatch_0 {
    stream.executable.export public @predict_dispatch_0_matmul_4x32x16_f32 workgroups() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      stream.return %x, %y, %z : index, index, index
    }
    builtin.module {
      func.func @predict_dispatch_0_matmul_4x32x16_f32(%arg0: !stream.binding {stream.alignment = 64 : index}, %arg1: !stream.binding {stream.alignment = 64 : index}, %arg2: !stream.binding {stream.alignment = 64 : index}) {
        %cst = arith.constant 0.000000e+00 : f32
        %cst_0 = arith.constant dense<[2.107000e-01, -4.123000e-01, -4.005000e-01, -6.796000e-01, 3.261000e-01, -9.045000e-01, 1.957000e-01, 1.853000e-01, -6.096000e-01, -4.059000e-01, -3.547000e-01, 1.469000e-01, -4.899000e-01, 4.757000e-01, 5.545000e-01, 1.804000e-01, -0.0804999992, -7.171000e-01, 2.997000e-01, 4.990000e-02, -0.64289999, -4.952000e-01, 4.882000e-01, 6.709000e-01, -1.269000e-01, -4.653000e-01, 6.960000e-02, 1.961000e-01, -4.796000e-01, 5.354000e-01, 7.472000e-01, -5.662000e-01]> : tensor<32xf32>
        %c0 = arith.constant 0 : index
        %0 = stream.binding.subspan %arg0[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<4x16xf32>>
        %1 = stream.binding.subspan %arg1[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x32xf32>>
        %2 = stream.binding.subspan %arg2[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4x32xf32>>
        %3 = iree_tensor_ext.dispatch.tensor.load %0, offsets = [0, 0], sizes = [4, 16], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4x16xf32>> -> tensor<4x16xf32>
        %4 = iree_tensor_ext.dispatch.tensor.load %1, offsets = [0, 0], sizes = [16, 32], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x32xf32>> -> tensor<16x32xf32>
        %5 = tensor.empty() : tensor<4x32xf32>
        %6 = linalg.fill ins(%cst : f32) outs(%5 : tensor<4x32xf32>) -> tensor<4x32xf32>
        %7 = linalg.matmul ins(%3, %4 : tensor<4x16xf32>, tensor<16x32xf32>) outs(%6 : tensor<4x32xf32>) -> tensor<4x32xf32>
        %8 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%7, %cst_0 : tensor<4x32xf32>, tensor<32xf32>) outs(%5 : tensor<4x32xf32>) {
        ^bb0(%in: f32, %in_1: f32, %out: f32):
          %9 = arith.addf %in, %in_1 : f32
          %10 = arith.maximumf %9, %cst : f32
          linalg.yield %10 : f32
        } -> tensor<4x32xf32>
        iree_tensor_ext.dispatch.tensor.store %8, %2, offsets = [0, 0], sizes = [4, 32], strides = [1, 1] : tensor<4x32xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4x32xf32>>
        return
      }
    }
  }
  stream.executable private @predict_dispatch_1 {
    stream.executable.export public @predict_dispatch_1_matmul_4x32x32_f32 workgroups() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      stream.return %x, %y, %z : index, index, index
    }
    builtin.module {
      func.func @predict_dispatch_1_matmul_4x32x32_f32(%arg0: !stream.binding {stream.alignment = 64 : index}, %arg1: !stream.binding {stream.alignment = 64 : index}, %arg2: !stream.binding {stream.alignment = 64 : index}) {
        %cst = arith.constant 0.000000e+00 : f32
        %cst_0 = arith.constant dense<[7.111000e-01, 8.500000e-02, -4.062000e-01, 1.224000e-01, 1.731000e-01, -0.93779999, -3.010000e-01, 0.605099976, -3.738000e-01, -2.464000e-01, -8.110000e-02, -7.990000e-01, -8.843000e-01, -1.701000e-01, 4.803000e-01, 5.640000e-01, 7.171000e-01, 6.649000e-01, 3.637000e-01, 3.527000e-01, -7.944000e-01, 2.088000e-01, 5.414000e-01, -6.110000e-01, -9.821000e-01, -4.924000e-01, -8.488000e-01, -2.398000e-01, -9.943000e-01, -7.422000e-01, -1.638000e-01, -3.117000e-01]> : tensor<32xf32>
        %c0 = arith.constant 0 : index
        %c2048 = arith.constant 2048 : index
        %c512 = arith.constant 512 : index
        %0 = stream.binding.subspan %arg0[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<4x32xf32>>
        %1 = stream.binding.subspan %arg1[%c2048] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x32xf32>>
        %2 = stream.binding.subspan %arg2[%c512] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4x32xf32>>
        %3 = iree_tensor_ext.dispatch.tensor.load %0, offsets = [0, 0], sizes = [4, 32], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4x32xf32>> -> tensor<4x32xf32>
        %4 = iree_tensor_ext.dispatch.tensor.load %1, offsets = [0, 0], sizes = [32, 32], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x32xf32>> -> tensor<32x32xf32>
        %5 = tensor.empty() : tensor<4x32xf32>
        %6 = linalg.fill ins(%cst : f32) outs(%5 : tensor<4x32xf32>) -> tensor<4x32xf32>
        %7 = linalg.matmul ins(%3, %4 : tensor<4x32xf32>, tensor<32x32xf32>) outs(%6 : tensor<4x32xf32>) -> tensor<4x32xf32>
        %8 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%7, %cst_0 : tensor<4x32xf32>, tensor<32xf32>) outs(%5 : tensor<4x32xf32>) {
        ^bb0(%in: f32, %in_1: f32, %out: f32):
          %9 = arith.addf %in, %in_1 : f32
          %10 = arith.maximumf %9, %cst : f32
          linalg.yield %10 : f32
        } -> tensor<4x32xf32>
        iree_tensor_ext.dispatch.tensor.store %8, %2, offsets = [0, 0], sizes = [4, 32], strides = [1, 1] : tensor<4x32xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4x32xf32>>
        return
      }
    }
  }
  stream.executable private @predict_dispatch_2 {
    stream.executable.export public @predict_dispatch_2_matmul_4x16x32_f32 workgroups() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      stream.return %x, %y, %z : index, index, index
    }
    builtin.module {
      func.func @predict_dispatch_2_matmul_4x16x32_f32(%arg0: !stream.binding {stream.alignment = 64 : index}, %arg1: !stream.binding {stream.alignment = 64 : index}, %arg2: !stream.binding {stream.alignment = 64 : index}) {
        %cst = arith.constant 0.000000e+00 : f32
        %cst_0 = arith.constant dense<[-2.726000e-01, 6.380000e-01, 0.606599986, 2.494000e-01, -5.712000e-01, -1.180000e-02, -2.706000e-01, 5.386000e-01, 6.201000e-01, -7.369000e-01, -4.470000e-02, -1.000000e-01, -2.979000e-01, -4.906000e-01, 6.493000e-01, -2.457000e-01]> : tensor<16xf32>
        %c512 = arith.constant 512 : index
        %c6144 = arith.constant 6144 : index
        %c0 = arith.constant 0 : index
        %0 = stream.binding.subspan %arg0[%c512] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<4x32xf32>>
        %1 = stream.binding.subspan %arg1[%c6144] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x16xf32>>
        %2 = stream.binding.subspan %arg2[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4x16xf32>>
        %3 = iree_tensor_ext.dispatch.tensor.load %0, offsets = [0, 0], sizes = [4, 32], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4x32xf32>> -> tensor<4x32xf32>
        %4 = iree_tensor_ext.dispatch.tensor.load %1, offsets = [0, 0], sizes = [32, 16], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x16xf32>> -> tensor<32x16xf32>
        %5 = tensor.empty() : tensor<4x16xf32>
        %6 = linalg.fill ins(%cst : f32) outs(%5 : tensor<4x16xf32>) -> tensor<4x16xf32>
        %7 = linalg.matmul ins(%3, %4 : tensor<4x32xf32>, tensor<32x16xf32>) outs(%6 : tensor<4x16xf32>) -> tensor<4x16xf32>
        %8 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%7, %cst_0 : tensor<4x16xf32>, tensor<16xf32>) outs(%5 : tensor<4x16xf32>) {
        ^bb0(%in: f32, %in_1: f32, %out: f32):
          %9 = arith.addf %in, %in_1 : f32
          %10 = math.tanh %9 : f32
          linalg.yield %10 : f32
        } -> tensor<4x16xf32>
        iree_tensor_ext.dispatch.tensor.store %8, %2, offsets = [0, 0], sizes = [4, 16], strides = [1, 1] : tensor<4x16xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4x16xf32>>
        return
      }
    }
  }
  util.func public @predict(%arg0: !hal.buffer_view) -> !hal.buffer_view attributes {iree.abi.stub, iree.reflection = {iree.abi.declaration = "sync func @predict(%input0: tensor<4x16xf32>) -> (%output0: tensor<4x16xf32>)"}} {
    %c12288 = arith.constant 12288 : index
    %c1024 = arith.constant 1024 : index
    %c4 = arith.constant 4 : index
    %c16 = arith.constant 16 : index
    %c256 = arith.constant 256 : index
    %c0 = arith.constant 0 : index
    %__constant_tensor_16x32xf32 = util.global.load immutable @__constant_tensor_16x32xf32 : !stream.resource<constant>
    %element_type_f32 = hal.element_type<f32> : i32
    %dense_row_major = hal.encoding_type<dense_row_major> : i32
    hal.buffer_view.assert<%arg0 : !hal.buffer_view> message("input0") shape([%c4, %c16]) type(%element_type_f32) encoding(%dense_row_major)
    %0 = stream.tensor.import on(#hal.device.affinity<@__device_0>) %arg0 : !hal.buffer_view -> tensor<4x16xf32> in !stream.resource<external>{%c256}
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@__device_0>) : !stream.resource<external>{%c256} => !stream.timepoint
    %result_0, %result_timepoint_1 = stream.resource.alloca uninitialized on(#hal.device.affinity<@__device_0>) : !stream.resource<transient>{%c1024} => !stream.timepoint
    %1 = stream.timepoint.join max(%result_timepoint, %result_timepoint_1) => !stream.timepoint
    %2 = stream.cmd.execute on(#hal.device.affinity<@__device_0>) await(%1) => with(%0 as %arg1: !stream.resource<external>{%c256}, %__constant_tensor_16x32xf32 as %arg2: !stream.resource<constant>{%c12288}, %result as %arg3: !stream.resource<external>{%c256}, %result_0 as %arg4: !stream.resource<transient>{%c1024}) {
      stream.cmd.dispatch @predict_dispatch_0::@predict_dispatch_0_matmul_4x32x16_f32 {
        ro %arg1[%c0 for %c256] : !stream.resource<external>{%c256},
        ro %arg2[%c0 for %c12288] : !stream.resource<constant>{%c12288},
        wo %arg4[%c0 for %c1024] : !stream.resource<transient>{%c1024}
      }
      stream.cmd.dispatch @predict_dispatch_1::@predict_dispatch_1_matmul_4x32x32_f32 {
        ro %arg4[%c0 for %c1024] : !stream.resource<transient>{%c1024},
        ro %arg2[%c0 for %c12288] : !stream.resource<constant>{%c12288},
        wo %arg4[%c0 for %c1024] : !stream.resource<transient>{%c1024}
      }
      stream.cmd.dispatch @predict_dispatch_2::@predict_dispatch_2_matmul_4x16x32_f32 {
        ro %arg4[%c0 for %c1024] : !stream.resource<transient>{%c1024},
        ro %arg2[%c0 for %c12288] : !stream.resource<constant>{%c12288},
        wo %arg3[%c0 for %c256] : !stream.resource<external>{%c256}
      }
    } => !stream.timepoint
    %3 = stream.resource.dealloca on(#hal.device.affinity<@__device_0>) await(%2) => %result_0 : !stream.resource<transient>{%c1024} => !stream.timepoint
    %4 = stream.timepoint.await %3 => %result : !stream.resource<external>{%c256}
    %5 = stream.tensor.export on(#hal.device.affinity<@__device_0>) %4 : tensor<4x16xf32> in !stream.resource<external>{%c256} -> !hal.buffer_view
    util.return %5 : !hal.buffer_view
  }
  stream.executable private @gated_dispatch_0 {
    stream.executable.export public @gated_dispatch_0_matmul_4x24x16_f32 workgroups() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      stream.return %x, %y, %z : index, index, index
    }
    builtin.module {
      func.func @gated_dispatch_0_matmul_4x24x16_f32(%arg0: !stream.binding {stream.alignment = 64 : index}, %arg1: !stream.binding {stream.alignment = 64 : index}, %arg2: !stream.binding {stream.alignment = 64 : index}) {
        %cst = arith.constant 0.000000e+00 : f32
        %cst_0 = arith.constant dense<[-0.889599978, 5.253000e-01, 3.093000e-01, 6.947000e-01, -4.848000e-01, 7.996000e-01, -1.158000e-01, -7.097000e-01, 5.753000e-01, -3.036000e-01, 0.949699997, 7.111000e-01, 0.902999997, 8.719000e-01, 5.270000e-02, 0.944999992, -4.871000e-01, 4.557000e-01, 9.652000e-01, 4.247000e-01, -1.878000e-01, 0.973999977, -4.436000e-01, 3.946000e-01]> : tensor<24xf32>
        %c0 = arith.constant 0 : index
        %c8192 = arith.constant 8192 : index
        %0 = stream.binding.subspan %arg0[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<4x16xf32>>
        %1 = stream.binding.subspan %arg1[%c8192] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x24xf32>>
        %2 = stream.binding.subspan %arg2[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4x24xf32>>
        %3 = iree_tensor_ext.dispatch.tensor.load %0, offsets = [0, 0], sizes = [4, 16], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4x16xf32>> -> tensor<4x16xf32>
        %4 = iree_tensor_ext.dispatch.tensor.load %1, offsets = [0, 0], sizes = [16, 24], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x24xf32>> -> tensor<16x24xf32>
        %5 = tensor.empty() : tensor<4x24xf32>
        %6 = linalg.fill ins(%cst : f32) outs(%5 : tensor<4x24xf32>) -> tensor<4x24xf32>
        %7 = linalg.matmul ins(%3, %4 : tensor<4x16xf32>, tensor<16x24xf32>) outs(%6 : tensor<4x24xf32>) -> tensor<4x24xf32>
        %8 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%7, %cst_0 : tensor<4x24xf32>, tensor<24xf32>) outs(%5 : tensor<4x24xf32>) {
        ^bb0(%in: f32, %in_1: f32, %out: f32):
          %9 = arith.addf %in, %in_1 : f32
          %10 = arith.maximumf %9, %cst : f32
          linalg.yield %10 : f32
        } -> tensor<4x24xf32>
        iree_tensor_ext.dispatch.tensor.store %8, %2, offsets = [0, 0], sizes = [4, 24], strides = [1, 1] : tensor<4x24xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4x24xf32>>
        return
      }
    }
  }
  stream.executable private @gated_dispatch_1 {
    stream.executable.export public @gated_dispatch_1_matmul_4x16x24_f32 workgroups() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      stream.return %x, %y, %z : index, index, index
    }
    builtin.module {
      func.func @gated_dispatch_1_matmul_4x16x24_f32(%arg0: !stream.binding {stream.alignment = 64 : index}, %arg1: !stream.binding {stream.alignment = 64 : index}, %arg2: !stream.binding {stream.alignment = 64 : index}) {
        %cst = arith.constant 0.000000e+00 : f32
        %cst_0 = arith.constant dense<[0.610099971, -3.318000e-01, 1.553000e-01, -2.535000e-01, 4.888000e-01, 4.703000e-01, -1.037000e-01, -8.539000e-01, -4.999000e-01, 9.194000e-01, -1.119000e-01, 0.637499988, 0.763199985, 4.436000e-01, -6.212000e-01, 4.832000e-01]> : tensor<16xf32>
        %c0 = arith.constant 0 : index
        %c9728 = arith.constant 9728 : index
        %0 = stream.binding.subspan %arg0[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<4x24xf32>>
        %1 = stream.binding.subspan %arg1[%c9728] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<24x16xf32>>
        %2 = stream.binding.subspan %arg2[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4x16xf32>>
        %3 = iree_tensor_ext.dispatch.tensor.load %0, offsets = [0, 0], sizes = [4, 24], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4x24xf32>> -> tensor<4x24xf32>
        %4 = iree_tensor_ext.dispatch.tensor.load %1, offsets = [0, 0], sizes = [24, 16], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<24x16xf32>> -> tensor<24x16xf32>
        %5 = tensor.empty() : tensor<4x16xf32>
        %6 = linalg.fill ins(%cst : f32) outs(%5 : tensor<4x16xf32>) -> tensor<4x16xf32>
        %7 = linalg.matmul ins(%3, %4 : tensor<4x24xf32>, tensor<24x16xf32>) outs(%6 : tensor<4x16xf32>) -> tensor<4x16xf32>
        %8 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%7, %cst_0 : tensor<4x16xf32>, tensor<16xf32>) outs(%5 : tensor<4x16xf32>) {
        ^bb0(%in: f32, %in_1: f32, %out: f32):
          %9 = arith.addf %in, %in_1 : f32
          %10 = arith.maximumf %9, %cst : f32
          linalg.yield %10 : f32
        } -> tensor<4x16xf32>
        iree_tensor_ext.dispatch.tensor.store %8, %2, offsets = [0, 0], sizes = [4, 16], strides = [1, 1] : tensor<4x16xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4x16xf32>>
        return
      }
    }
  }
  stream.executable private @gated_dispatch_2 {
    stream.executable.export public @gated_dispatch_2_matmul_4x16x16_f32 workgroups() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      stream.return %x, %y, %z : index, index, index
    }
    builtin.module {
      func.func @gated_dispatch_2_matmul_4x16x16_f32(%arg0: !stream.binding {stream.alignment = 64 : index}, %arg1: !stream.binding {stream.alignment = 64 : index}, %arg2: !stream.binding {stream.alignment = 64 : index}) {
        %cst = arith.constant 0.000000e+00 : f32
        %cst_0 = arith.constant dense<[9.785000e-01, -5.150000e-01, 1.494000e-01, 5.054000e-01, 3.068000e-01, -3.225000e-01, 8.258000e-01, 4.042000e-01, -8.132000e-01, -7.748000e-01, 0.970799982, -4.616000e-01, 3.016000e-01, -7.881000e-01, -3.282000e-01, -3.989000e-01]> : tensor<16xf32>
        %c0 = arith.constant 0 : index
        %c11264 = arith.constant 11264 : index
        %0 = stream.binding.subspan %arg0[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<4x16xf32>>
        %1 = stream.binding.subspan %arg1[%c11264] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x16xf32>>
        %2 = stream.binding.subspan %arg2[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4x16xf32>>
        %3 = iree_tensor_ext.dispatch.tensor.load %0, offsets = [0, 0], sizes = [4, 16], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4x16xf32>> -> tensor<4x16xf32>
        %4 = iree_tensor_ext.dispatch.tensor.load %1, offsets = [0, 0], sizes = [16, 16], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x16xf32>> -> tensor<16x16xf32>
        %5 = tensor.empty() : tensor<4x16xf32>
        %6 = linalg.fill ins(%cst : f32) outs(%5 : tensor<4x16xf32>) -> tensor<4x16xf32>
        %7 = linalg.matmul ins(%3, %4 : tensor<4x16xf32>, tensor<16x16xf32>) outs(%6 : tensor<4x16xf32>) -> tensor<4x16xf32>
        %8 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%7, %cst_0 : tensor<4x16xf32>, tensor<16xf32>) outs(%5 : tensor<4x16xf32>) {
        ^bb0(%in: f32, %in_1: f32, %out: f32):
          %9 = arith.addf %in, %in_1 : f32
          %10 = math.tanh %9 : f32
          linalg.yield %10 : f32
        } -> tensor<4x16xf32>
        iree_tensor_ext.dispatch.tensor.store %8, %2, offsets = [0, 0], sizes = [4, 16], strides = [1, 1] : tensor<4x16xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4x16xf32>>
        return
      }
    }
  }
  util.func public @gated(%arg0: !hal.buffer_view, %arg1: i1) -> !hal.buffer_view attributes {iree.abi.stub, iree.reflection = {iree.abi.declaration = "sync func @gated(%input0: tensor<4x16xf32>, %input1: i1) -> (%output0: tensor<4x16xf32>)"}} {
    %c12288 = arith.constant 12288 : index
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c16 = arith.constant 16 : index
    %c256 = arith.constant 256 : index
    %c384 = arith.constant 384 : index
    %__constant_tensor_16x32xf32 = util.global.load immutable @__constant_tensor_16x32xf32 : !stream.resource<constant>
    %element_type_f32 = hal.element_type<f32> : i32
    %dense_row_major = hal.encoding_type<dense_row_major> : i32
    hal.buffer_view.assert<%arg0 : !hal.buffer_view> message("input0") shape([%c4, %c16]) type(%element_type_f32) encoding(%dense_row_major)
    %0 = stream.tensor.import on(#hal.device.affinity<@__device_0>) %arg0 : !hal.buffer_view -> tensor<4x16xf32> in !stream.resource<external>{%c256}
    cf.cond_br %arg1, ^bb1, ^bb2
  ^bb1:  // pred: ^bb0
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@__device_0>) : !stream.resource<external>{%c256} => !stream.timepoint
    %result_0, %result_timepoint_1 = stream.resource.alloca uninitialized on(#hal.device.affinity<@__device_0>) : !stream.resource<transient>{%c384} => !stream.timepoint
    %1 = stream.timepoint.join max(%result_timepoint, %result_timepoint_1) => !stream.timepoint
    %2 = stream.cmd.execute on(#hal.device.affinity<@__device_0>) await(%1) => with(%0 as %arg2: !stream.resource<external>{%c256}, %__constant_tensor_16x32xf32 as %arg3: !stream.resource<constant>{%c12288}, %result as %arg4: !stream.resource<external>{%c256}, %result_0 as %arg5: !stream.resource<transient>{%c384}) {
      stream.cmd.dispatch @gated_dispatch_0::@gated_dispatch_0_matmul_4x24x16_f32 {
        ro %arg2[%c0 for %c256] : !stream.resource<external>{%c256},
        ro %arg3[%c0 for %c12288] : !stream.resource<constant>{%c12288},
        wo %arg5[%c0 for %c384] : !stream.resource<transient>{%c384}
      }
      stream.cmd.dispatch @gated_dispatch_1::@gated_dispatch_1_matmul_4x16x24_f32 {
        ro %arg5[%c0 for %c384] : !stream.resource<transient>{%c384},
        ro %arg3[%c0 for %c12288] : !stream.resource<constant>{%c12288},
        wo %arg4[%c0 for %c256] : !stream.resource<external>{%c256}
      }
    } => !stream.timepoint
    %3 = stream.resource.dealloca on(#hal.device.affinity<@__device_0>) await(%2) => %result_0 : !stream.resource<transient>{%c384} => !stream.timepoint
    cf.br ^bb3(%result, %3 : !stream.resource<external>, !stream.timepoint)
  ^bb2:  // pred: ^bb0
    %result_2, %result_timepoint_3 = stream.resource.alloca uninitialized on(#hal.device.affinity<@__device_0>) : !stream.resource<external>{%c256} => !stream.timepoint
    %4 = stream.cmd.execute on(#hal.device.affinity<@__device_0>) await(%result_timepoint_3) => with(%0 as %arg2: !stream.resource<external>{%c256}, %__constant_tensor_16x32xf32 as %arg3: !stream.resource<constant>{%c12288}, %result_2 as %arg4: !stream.resource<external>{%c256}) {
      stream.cmd.dispatch @gated_dispatch_2::@gated_dispatch_2_matmul_4x16x16_f32 {
        ro %arg2[%c0 for %c256] : !stream.resource<external>{%c256},
        ro %arg3[%c0 for %c12288] : !stream.resource<constant>{%c12288},
        wo %arg4[%c0 for %c256] : !stream.resource<external>{%c256}
      }
    } => !stream.timepoint
    cf.br ^bb3(%result_2, %4 : !stream.resource<external>, !stream.timepoint)
  ^bb3(%5: !stream.resource<external>, %6: !stream.timepoint):  // 2 preds: ^bb1, ^bb2
    %7 = stream.timepoint.await %6 => %5 : !stream.resource<external>{%c256}
    %8 = stream.tensor.export on(#hal.device.affinity<@__device_0>) %7 : tensor<4x16xf32> in !stream.resource<external>{%c256} -> !hal.buffer_view
    util.return %8 : !hal.buffer_view
  }
  stream.executable private @iterate_dispatch_0 {
    stream.executable.export public @iterate_dispatch_0_matmul_4x8x8_f32 workgroups() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      stream.return %x, %y, %z : index, index, index
    }
    builtin.module {
      func.func @iterate_dispatch_0_matmul_4x8x8_f32(%arg0: !stream.binding {stream.alignment = 64 : index}, %arg1: !stream.binding {stream.alignment = 64 : index}) {
        %cst = arith.constant dense<[[-4.478000e-01, 6.438000e-01, -6.477000e-01, -8.747000e-01, -0.980199992, -1.306000e-01, -2.479000e-01, 5.180000e-01], [3.200000e-03, 0.725899994, -0.672399997, 0.925499975, -1.145000e-01, -2.614000e-01, -8.877000e-01, -5.480000e-01], [-4.060000e-01, 6.409000e-01, -3.130000e-01, 5.973000e-01, 0.0791999995, 0.819999992, 6.809000e-01, -3.457000e-01], [4.991000e-01, -3.056000e-01, 0.673799991, 9.682000e-01, 1.458000e-01, -1.930000e-02, -2.970000e-02, 2.100000e-03], [3.013000e-01, 9.574000e-01, -1.618000e-01, 7.925000e-01, 0.837499976, 9.373000e-01, -8.760000e-02, 4.083000e-01], [4.015000e-01, -5.820000e-01, -6.750000e-01, -7.328000e-01, 5.111000e-01, -0.999499976, 0.880999982, -4.344000e-01], [1.940000e-01, -6.862000e-01, 0.838199973, 2.198000e-01, 3.290000e-01, 0.60799998, -9.605000e-01, 1.158000e-01], [-4.947000e-01, -6.603000e-01, 2.490000e-01, -4.357000e-01, 5.154000e-01, 1.767000e-01, 4.478000e-01, 8.064000e-01]]> : tensor<8x8xf32>
        %cst_0 = arith.constant 0.000000e+00 : f32
        %cst_1 = arith.constant dense<[-1.201000e-01, -0.919799983, -4.534000e-01, 4.060000e-02, 3.861000e-01, 5.887000e-01, 7.429000e-01, 6.723000e-01]> : tensor<8xf32>
        %c0 = arith.constant 0 : index
        %0 = stream.binding.subspan %arg0[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<4x8xf32>>
        %1 = stream.binding.subspan %arg1[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4x8xf32>>
        %2 = iree_tensor_ext.dispatch.tensor.load %0, offsets = [0, 0], sizes = [4, 8], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4x8xf32>> -> tensor<4x8xf32>
        %3 = tensor.empty() : tensor<4x8xf32>
        %4 = linalg.fill ins(%cst_0 : f32) outs(%3 : tensor<4x8xf32>) -> tensor<4x8xf32>
        %5 = linalg.matmul ins(%2, %cst : tensor<4x8xf32>, tensor<8x8xf32>) outs(%4 : tensor<4x8xf32>) -> tensor<4x8xf32>
        %6 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%5, %cst_1 : tensor<4x8xf32>, tensor<8xf32>) outs(%3 : tensor<4x8xf32>) {
        ^bb0(%in: f32, %in_2: f32, %out: f32):
          %7 = arith.addf %in, %in_2 : f32
          %8 = math.tanh %7 : f32
          linalg.yield %8 : f32
        } -> tensor<4x8xf32>
        iree_tensor_ext.dispatch.tensor.store %6, %1, offsets = [0, 0], sizes = [4, 8], strides = [1, 1] : tensor<4x8xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4x8xf32>>
        return
      }
    }
  }
  util.func public @iterate(%arg0: !hal.buffer_view, %arg1: i32) -> !hal.buffer_view attributes {iree.abi.stub, iree.reflection = {iree.abi.declaration = "sync func @iterate(%input0: tensor<4x8xf32>, %input1: i32) -> (%output0: tensor<4x8xf32>)"}} {
    %c0 = arith.constant 0 : index
    %0 = stream.timepoint.immediate => !stream.timepoint
    %c128 = arith.constant 128 : index
    %c8 = arith.constant 8 : index
    %c4 = arith.constant 4 : index
    %c1_i32 = arith.constant 1 : i32
    %c0_i32 = arith.constant 0 : i32
    %element_type_f32 = hal.element_type<f32> : i32
    %dense_row_major = hal.encoding_type<dense_row_major> : i32
    hal.buffer_view.assert<%arg0 : !hal.buffer_view> message("input0") shape([%c4, %c8]) type(%element_type_f32) encoding(%dense_row_major)
    %1 = stream.tensor.import on(#hal.device.affinity<@__device_0>) %arg0 : !hal.buffer_view -> tensor<4x8xf32> in !stream.resource<external>{%c128}
    %2 = arith.cmpi sgt, %arg1, %c0_i32 : i32
    cf.cond_br %2, ^bb1(%c0_i32, %1, %0 : i32, !stream.resource<external>, !stream.timepoint), ^bb2(%1, %0 : !stream.resource<external>, !stream.timepoint)
  ^bb1(%3: i32, %4: !stream.resource<external>, %5: !stream.timepoint):  // 2 preds: ^bb0, ^bb1
    %6 = arith.addi %3, %c1_i32 : i32
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@__device_0>) await(%5) => !stream.resource<external>{%c128} => !stream.timepoint
    %result_0, %result_timepoint_1 = stream.resource.alloca uninitialized on(#hal.device.affinity<@__device_0>) await(%5) => !stream.resource<transient>{%c128} => !stream.timepoint
    %7 = stream.timepoint.join max(%result_timepoint, %result_timepoint_1) => !stream.timepoint
    %8 = stream.cmd.execute on(#hal.device.affinity<@__device_0>) await(%7) => with(%4 as %arg2: !stream.resource<external>{%c128}, %result as %arg3: !stream.resource<external>{%c128}, %result_0 as %arg4: !stream.resource<transient>{%c128}) {
      stream.cmd.copy %arg2[%c0], %arg4[%c0], %c128 : !stream.resource<external>{%c128} -> !stream.resource<transient>{%c128}
      stream.cmd.dispatch @iterate_dispatch_0::@iterate_dispatch_0_matmul_4x8x8_f32 {
        ro %arg4[%c0 for %c128] : !stream.resource<transient>{%c128},
        wo %arg3[%c0 for %c128] : !stream.resource<external>{%c128}
      }
    } => !stream.timepoint
    %9 = stream.resource.dealloca on(#hal.device.affinity<@__device_0>) await(%8) => %result_0 : !stream.resource<transient>{%c128} => !stream.timepoint
    %10 = arith.cmpi slt, %6, %arg1 : i32
    cf.cond_br %10, ^bb1(%6, %result, %9 : i32, !stream.resource<external>, !stream.timepoint), ^bb2(%result, %9 : !stream.resource<external>, !stream.timepoint)
  ^bb2(%11: !stream.resource<external>, %12: !stream.timepoint):  // 2 preds: ^bb0, ^bb1
    %13 = stream.timepoint.await %12 => %11 : !stream.resource<external>{%c128}
    %14 = stream.tensor.export on(#hal.device.affinity<@__device_0>) %13 : tensor<4x8xf32> in !stream.resource<external>{%c128} -> !hal.buffer_view
    util.return %14 : !hal.buffer_view
  }
}

{-#
  dialect_resources: {
    builtin: {
      mlp_w2: "0x0400000062A1963EBF0EDCBE6E34403F35EF08BFF775E03C645D0C3FC5FE92BE33C451BF2A3A223FFBCB6E3D3867A4BE431CEB3E40A4BF3E8941303F4CA6EABE3255303FA913D0BE8351693FA52C73BF3E79483F713D0ABE96217E3F295C8F3D674469BEECC0593F645D5C3F62A126BF5F983C3F2E90A03DDB8A1DBF58A8153FAD692EBF52495D3EE02D103B5BB1DF3E567D6E3E64CC0D3F7B833F3F70CE08BFB37B723D1904D6BE67D5E73C9CC4C0BEE9B75F3FBBB88DBDCA5441BC8F53343E516B4ABFBDE3943D6F81043FC3F578BFBF0E5C3EB7627FBFB003873ED578293E6F8164BFD34D72BF158C1A3F477269BFFB3AF0BDF38E53BE341116BFDD24863ECCEEC93E93A912BF71AC7BBFDE9387BD05C57FBF8A1F43BF8638B63E75022ABF9643CBBEC898BB3E8195133F24283EBE29CB103F091B4E3FCC7F183F0DE0CDBE7E1D383F6744793F2E90203E226C78BE4F40433FE02D20BF6F8104BF4BEA74BF16FB0B3EDA1B4CBF9318C4BE000000BF3480D73EDCD7813EB684FCBEE09C513F7B832FBF7A364B3FE9B73F3F57EC3F3FF2414FBF257512BF48506C3F1C7C51BF2AA963BF083DDBBEF775E0BCE09C51BE67D5C7BEFB5C2D3E6A4D733FADFA1C3F3D9BB53E26E4333F44FA5D3F7FFBDABE01DE023EF706DFBE9A772C3FF31F42BFC0EC5E3FDB8AFD3ED93DD9BEF085E9BE8FE472BFC976BEBEBB278FBD20D24F3FC05B103FFB3A70BF48BF4D3F26E443BE29ED0DBECD3B5E3F3255703F6EA3A13EEC51D83E6A4DF33D3D0A97BE1EA7183F5F076E3F52499D3D02BCA53E6EA3713FFDF615BF55305A3F7368F1BEDE710ABD304C263E211FB43EFE6577BD0AD7633F48BF7D3F8D971E3F09F960BF5BD39CBE72F94FBE7B14EE3ED49AE6BD2D214F3F33C4313F462565BF6F81043E48502CBF840D5FBFA91330BF05C55F3F1895D43E1E168A3EF9A027BE40A46F3F4DF3CEBE72F98FBD006F81BE4694F6BD6EA3513F8FC2753EB4C8563F74B5553F44697FBFC3642A3FA8C64B3FEE7CDFBEE17A143F5396213EDE02C9BE0E2D02BF33C471BE265355BF7FD90D3FFD8764BFF90FE9BD705F573F4C37093D91ED3CBEBC0592BD3FC62C3FBB27CF3E6ADE713ED3BC43BFF38E63BF31082CBFA1D6043FF5B9BABE2AA9133E1EA7683D5F984C3FD7342FBE21B022BF07F0963E9EEFA7BED0B379BF2F6EE3BEE56121BE36CD5B3F7F6A7C3E13F2C1BD70CE883EF9A0173F16FB4B3F567D6EBEC9767E3F7F6ADCBEF5DBD7BD2BF697BDCC7F18BFAEB6723F7A36AB3D1CEBA23EE25877BF2AA953BEB7D1003FBADA7ABFCA54113FCBA1453E666686BEC9769EBE79E9063FB5154B3FB00357BFE02D90BA2A3A52BF910F3ABE72F98F3E73D752BEDCD7C1BE917E1B3F6891ADBE87A7D73EBBB87DBFF9A057BF6822EC3D14D0743F2731083EB003A7BE6C780A3F44FA6D3FABCF553ED0D516BE5249FD3E11362CBF6B2B363F82E2473E3F355EBE66F7E43E448B2CBE4772393FD34D32BF8F53943E865AD3BCAC8B9BBE23DBF9BD2731C8BE151D19BF29CB103FBF0E7C3F05C5EF3E4182223E7DAEB63EFF213DBF295C6FBF44691FBFA5BD01BF0AD7233F7D3F753EACAD583DB29DEF3EF38E033F43AD393F02BCE5BE696F70BFA77967BFD2003E3FD3BCC33EA08970BFA779E73E22FD56BF304CA63C9A771CBEC4B11E3FFCA9713D151D493EA8577ABFD88173BFE63F243F7FFBDA3E40A4DFBCCCEE09BFAE47A1BE499D40BE6ADE513FAA60143E4260653F787A353F5AF539BEEE5A723F3D9B053F810445BF143F263FCE19513F80B7103F696F70BDFB5CCDBEAE47E13C1058093F9621AE3E09F970BF48E11A3F97FF903C57EC6F3E67D5E7BD3D0AB7BE32770DBF60E5D0BC3B01ADBE5F98CCBE21B0D2BE6210D83D80B7603FA392DABED7342FBF3CBD72BF6F1283BCAEB602BF58A8F5BE2FDD14BFBF0E5C3EBA6BA9BE933A71BFD2007EBF9A77DC3E355EFA3EC9767EBE3480273F530513BF16FBEBBE986E62BF16FB0B3E136153BFE3A51BBD832F3C3F287ECCBE6D565D3F5305A33C190466BF4694463F098ADFBEF775E0BCF697DD3D371A803E40A42FBFA167333F4A0C32BFB30CD13E11C75A3FB840C2BE6D565DBF3411B63E7958383FD200DEBEE56151BF6F12833DCE1931BFF241CF3EB81E85BE3EE8793F787A253E4BEA84BEA60A06BE933A31BFAF25143F166ACDBEB00307BFD044483FC0EC6E3F67D537BF7E8C79BE4F40033F36CDBB3D4260E53C24970F3F2C65193EA7E8283F772D01BFC9769EBE97FF90BCB81E553F85EBF1BEB003E7BE933A81BEE10BD33E7368113F7AA52CBF69008F3E4CA64ABE96B24C3E1E16EA3E45D890BE091B0E3F6744E9BD3A924BBDDA1B5CBF2AA9133FB8AFC33EDC46833DDB8AFD3DECC0493F287E1CBF21B0323F34A2043F226CD8BEBEC1573F431C6BBEE78C88BE0000A0BE8D28EDBDEFC9833EAF25443F86C904BF1B2F5DBC36CD7B3E363C2D3F50FC98BEE09C51BF2B18053FBEC1573F20D26F3E925C0EBF1826733FD9CEB7BEE63F64BE7A36AB3C5EBAE9BE7A360B3F598658BFB45925BF651902BF492E2FBFB4C8463FA2B467BFD2004EBF2B18153D9EEF37BF87A7373F211FF4BCF016C83DB29D6F3E4F1E16BFBDE3943D234AFB3E1DC965BFD0D5F6BE71AC3BBF9D80463F1748B0BE5AF519BFF163CCBD4BEA443FE4834EBF211F44BF96B28CBD1FF45C3F11C72A3F910F1A3FF2B0D0BD302A693E9A77DC3E6C09793F378911BF52497D3FB5A6493F787A253F7F6ABCBD4260653C55306A3F89D2DEBD04E7CC3E840D4F3F348037BCA8C64BBFEB73B5BE3E79B83E13F2413E0E4F6FBE2731A83E1F85AB3E6F1203BE2EFFC1BED88113BFA3010C3FC7BA783E3D0A573F4013813EF38E933ED71242BFCE88D23DC5FED2BE742427BF1B0DC0BE1EA7583FF54A593E539681BE696F30BF0A6842BF3945073E9318043EDFE0AB3EEA9572BE492E6F3F5917473F304C263FB30C41BF3945A73E4CA63ABF31991A3FD656AC3E1B9E7EBF3A230ABE1B9E5EBEDE0269BF2AA9033F5452673ECEAACFBD522700BFF7E471BF499D803D4BEAE43EBC7413BC26E463BF76E02C3F098A5F3E4D844D3FBADACA3E6E34503FDAAC5A3F575B613F8F53343E79E9C63E3B701EBF7AA52CBF8CDBA83E85EB213F363C4DBF0E2DB23ED3BCE33D5BD37C3FD0B359BF58CAF23E1B0D20BE053431BF87A717BE2F6E433FA779473D99BB56BF6076CF3DD578293E51DA6BBFB840023DF01648BFA8C60BBE6B9A373E62A1563CBA497C3F9487E5BE910FFA3E2B18D53E7446F43E4DF38EBD933AC13E7AC7E93E66F704BF4C37493ED3BCA3BE265355BFB22EAE3ECC5D4BBEB7627F3F36ABBEBE8CDB383F3411763FF38ED3BD986E52BF27C2E63ED044D8BE7DAE763FDD24A6BEB5156B3F5D6D153FC1A8843EB98DC63E0AD763BEDC4603BFABCF253F228E05BFF5DBD7BD1EA7283ECFF7033F8195833EAA6024BF88F41B3FA3927ABF72F98FBDED9EFCBE621018BE58A835BEBA6B79BF3B017DBFA54EC03DB1E169BD304C36BFD509E8BEA3017CBF83C08A3EA2B407BF8A8E64BDBC7433BFF46C563EE926313E0AD7A33EC3642ABDCE88D2BE9FCD5A3F5BB17F3FAAF1B23EDC46A33EB6F34D3FC729DABE598648BFAAF132BF615432BF7DAE063F863836BF27A0793FE3A5BB3EEE7C3FBE835159BFE7FB59BF2497FFBEDAAC3ABEACAD28BFA3014CBFED9EBC3D89D2DEBA7E1DB83E1B2FBDBE2C6559BF273108BF295C0F3D90A078BEEFC9C33E4A7B03BD6132D53E7C6102BFDC4603BE23DBF93D575BB13D5452673F31996ABE363CDD3E98DD533F166ACDBE295C4FBEDD24063EAC8BDB3B11367CBF1B2F0DBF448BCC3E986E12BFACAD08BFFDF6553F65AA00BFE71D17BFC520203F73D772BFA69BE43E6EA301BE598658BFB6F37DBD029A38BF03787B3F7AC769BF547414BFADFA5C3E5D6D45BFE09C91BE4C3789BD4B59E63E933A71BF27C2563F789C22BDFBCB6EBD76E0DCBE19E2083F4A0C723F287E8C3E1B2F3DBFD42BC53E0E2DB23EB3EA733FBDE354BFB1506B3ED3DE203E304C56BFFAED6B3F9CC4103F492E4FBFD7A3903E857C703FA4701D3F4ED111BE696F503FBD5296BD2DB22D3F4CA6EA3EA8C64BBE5BB1DF3E9318743FBC7453BE48507CBC1361033FB537783DE2E915BF2AA9133EBF0E5C3EE17AF43EED9E2C3F36AB9EBE8D284D3F68B38ABE3BDF5F3F9A9909BF4A7BE3BE933A51BF87A7B7BEAB3E07BF795828BF26E403BE64CC1DBEB1BFEC3D9A77DCBE2A3A12BED5E7CABE787A253E80B7C03E17B751B95474443FAEB622BEC4B16EBE234A0BBF295CEF3E5DDCA63E04E70CBD86C944BF63EE6A3FEFC9733F19E2783FD6C51DBF075FB8BE7AC769BF90A068BF6744893E72F96FBF7958183F575B013F24B92C3FF46C363FE3C768BF3B01CD3D454762BF6F12033C5F078E3E27A009BC40A45F3ED3BC433F728A8EBEF1F48ABE1826733FED0D9E3E8A8E24BF287E4C3FC3642ABF8A1F63BF05C52FBFB9FC87BDADFAFC3EB37B32BF9CA2E33EFC1873BFF5B95A3F7DD003BF5BD34C3F304CA6BCB1502B3E75021A3ECAC3023FAC1C5A3E151D093F1A512ABFFE433ABEB30C513F97908F3D6688A3BE7A366BBFB515FBBD1EA768BC30BBE73E3EE8D93E014D04BEA52C13BF0E2D32BF6FF0753FBDE314BEBE9F5ABEB1BF3CBF5F29CBBE696FF03E96435BBFB684FCBDAAF132BF4703F8BDBC7493BBA60A063F454722BF787A553FBDE304BFBBB82DBF96435BBF7DD073BEB1E1693D371A00BFBEC157BE4182023F0534513F8273C63D6C09193FFFB2FBBDD57829BF7FFBFA3E226C78BEB37B52BF6F8134BF9FCD2ABEE5D0A2BEDBF91E3FD49A86BE2BF6D73E96B23CBF9C3322BD363CBDBC6E34C03E4694963E9FABADBECE19313F60765F3F7B834F3F448B7C3F9C33E2BE2F6E63BFE9B76FBEBB270FBF96B22C3F5474A4BDAE4761BF4A7B43BE0B4665BE97FF60BFA089D03EAF94753F9BE67DBF36ABBEBEC4422DBF55C1E83E33C4313F45D830BE182613BFBC74933CB1BF6CBD8FE4D23EA9A44E3F23DB793D7446B4BE01DE723F76715B3E3A230A3EB30C313F3B700E3F2653553FB29DEF3E7B14AE3D3945473EC1A8243FC1A8343F560EEDBE05C5AF3E54E335BFF46CD63E41F163BF3480573F07CE09BF36AB0E3F1904B6BEB4C8B6BE2CD47A3FBA498C3DDDB534BF17B7F1BEF1631CBF174800BF107A96BE4694F6BD42CFA63E9CA2833EF697BD3E1CEB62BDC52000BF97900F3FDC68403FDE0209BF863896BEDD24663F6F1233BF5452A7BE2D213F3F8D283DBFCEAACFBD0D71EC3E865A03BFF54A393FB53738BE82E267BFD95F76BE2575423FBA498C3E8E06B0BE431C4BBF0AD7133F772D313FE5F2BFBEB81E15BFC9764E3F67D5373F014D34BFBA494CBF98DD433F41F183BE90A058BFA1F8D13E728A8E3E2EFF31BF567DAE3D05C55FBFC58F913E20D20F3F9C33223D3255B0BEE10B133D2DB21D3E97FF30BF832F3C3F6DC50E3F2731483FB98DE6BEFFB22BBF3255503F1CEBE2BD7DAE76BFA9A4CE3D840D6FBF07F0F63EC9E5FF3EB9FCC73E371A403DA3015C3FBA6B593F8C4A2A3F713D1A3FCBA175BF0D71ACBD2575523F7A368BBE2F6E23BE77BE2F3F569F6BBE645DDCBCB762FFBE302A093F9FCD1A3F4D844DBE5BD33C3D569F2B3ED7347F3F014D24BFB29D5FBF99BB163F3A924B3E257542BF1FF42C3E1B9E1E3E728A0E3F1973D7BED95F76BF50FC38BFB7D180BE1058393ED0B3393F"
    }
  }
#-}


